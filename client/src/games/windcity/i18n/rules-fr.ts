/**
 * Wind City's rules page in French: loaded when the rules are first opened
 * (rules-lazy.ts), not with the table. Keys: `windcity.rules.<key>`. Same keys as rules-en.ts.
 */
import type { WindCityRulesTexts } from './rules-en.js';

const fr: WindCityRulesTexts = {
  title: 'Wind City — les règles',
  close: 'Fermer',
  intro:
    'Un ouragan traverse la ville. À chaque tour, le joueur actif prévoit en secret sa route ; les autres peuvent lui acheter une assurance. Gardez vos maisons debout.',
  parts: {
    title: 'Le matériel',
    p1: '2 à 5 joueurs. Chacun a 12 maisons et commence avec 40 pièces. La banque ne manque jamais d’argent.',
    p2: 'La ville est une grille de 8 cases de large (colonnes A–H, d’ouest en est) et de 15 rangées (1–15, du sud au nord). Les rangées 1–3 sont la mer ; viennent ensuite quatre secteurs de trois rangées chacun (rangées 4–6, 7–9, 10–12, 13–15). La rangée 4, la première rangée de terre, est la plage.',
    p3: 'La mer et chaque secteur ont 2 observatoires sur des cases fixes ; aucune maison ne peut s’y trouver.',
    p4: 'La pioche compte 25 cartes de 5 actions numérotées chacune : un déplacement de l’ouragan (nord, sud, est ou ouest, 1 à 4 cases, coût 1 à 4) ou un Achat (une maison, coût 3 à 5). Quand la pioche est vide, la défausse est mélangée pour en faire une nouvelle.',
  },
  setup: {
    title: 'Mise en place',
    p1: 'Le premier joueur pose l’ouragan sur n’importe quelle case de la rangée 1, le bord sud de la mer.',
    p2: 'Puis, à partir du deuxième joueur et dans l’ordre du tour, chacun pose une maison à la fois sur une case de terre libre, jusqu’à ce que les 12 maisons de chacun soient posées.',
    p3: 'Secteurs en jeu : à 5 joueurs les quatre (3 maisons chacun par secteur) ; à 4 joueurs les trois secteurs sud (4 chacun) ; à 2–3 joueurs les deux secteurs sud (6 chacun). Les autres secteurs sont grisés : aucune maison n’y est construite, mais l’ouragan les traverse.',
    p4: 'Chaque joueur doit avoir au moins 1 et au plus 3 maisons sur la plage (au plus 2 à 5 joueurs). Une maison qui rendrait impossible le quota de quelqu’un est refusée : seules les cases permises sont en surbrillance.',
  },
  turn: {
    title: 'Un tour',
    p1: 'Les assurances du joueur actif expirent : toutes ses maisons redeviennent non assurées.',
    p2: 'Il pioche une carte (lui seul la voit).',
    p3: 'Plan, en secret : il choisit 1 à 3 actions différentes de la carte, dans un ordre. Leur coût total ne peut pas dépasser ses pièces. Un joueur qui ne peut payer même l’action la moins chère de la carte fait faillite : il quitte la partie et ses maisons quittent le plateau.',
    p4: 'Renouvellement : le joueur actif peut renouveler à la banque l’assurance de ses maisons qui étaient assurées au début du tour (l’assurance qui vient d’expirer), 2 pièces chacune (3 pour une maison de plage ou double), en gardant de quoi payer son plan. Une maison qui n’était pas assurée ne peut pas l’être maintenant : le joueur actif n’achète jamais d’assurance, il ne fait que la renouveler.',
    p5: 'Marché de l’assurance : chaque autre joueur peut demander au joueur actif d’assurer des maisons non assurées, 3 pièces chacune (6 pour une maison de plage ou double), payées au joueur actif, qui accepte ou refuse chaque demande. Le marché ferme quand chacun a demandé ou passé et que chaque demande a reçu sa réponse (l’horloge de la salle le limite : {{s}} secondes au rythme normal).',
    p6: 'Action : la carte et le plan sont révélés ; les actions s’exécutent dans l’ordre choisi, et le joueur paie leur total à la banque.',
    p7: 'Le tour passe au joueur suivant encore en jeu.',
  },
  act: {
    title: 'L’ouragan se déplace',
    p1: 'Un déplacement se fait case par case. L’est et l’ouest se rejoignent : sorti par le bord est, l’ouragan revient par le bord ouest de la même rangée, et inversement.',
    p2: 'Un pas vers le sud depuis la rangée 1 n’a pas lieu. Un pas vers le nord depuis la rangée 15 termine aussitôt la partie.',
    p3: 'Entrer dans une case avec une maison non assurée la détruit (les deux maisons d’une double) : elles retournent dans la réserve de leur propriétaire. Les maisons assurées sont traversées sans dégâts et restent assurées.',
    p4: 'Après son dernier pas, un déplacement qui s’arrête sur une maison assurée fait un pas de plus dans la même direction (encore, si besoin).',
    p5: 'Un déplacement qui s’arrête sur un observatoire rapporte 5 au joueur actif.',
    p6: 'À la fin du tour, si l’ouragan a fait au moins un pas, n’est entré dans aucune case avec une maison (assurées comprises) et se trouve sur terre, le joueur actif gagne 3. Un plan qui ne déplace pas l’ouragan (un Achat seul, ou des pas vers le sud refusés à la rangée 1) ne rapporte rien.',
    p7: 'Une assurance dure jusqu’au début du prochain tour de son propriétaire.',
  },
  kauf: {
    title: 'Achat (une maison)',
    p1: 'Posez une maison de votre réserve (vos maisons détruites auparavant) sur l’une de vos maisons simples, non assurée, hors de la plage, dans une rangée au nord de celle de l’ouragan : elle devient une maison double. La case se choisit quand l’action s’exécute.',
    p2: 'Impossible avec une réserve vide, quand l’ouragan est dans les trois rangées du haut (13–15), ou sans maison possible : l’Achat ne fait alors rien (et reste payé).',
  },
  end: {
    title: 'Fin et score',
    p1: 'La partie s’arrête quand l’ouragan sort par le bord nord. Chaque maison restante vaut 10 ; une maison de plage ou double vaut 20.',
    p2: 'Le plus de points gagne. Les pièces départagent ; en cas d’égalité encore, les joueurs partagent la place.',
  },
  hidden: {
    title: 'Informations cachées',
    p1: 'L’ordre de la pioche : personne.',
    p2: 'La carte piochée et le plan : le joueur actif seul, jusqu’à l’action.',
    p3: 'Les demandes d’assurance : l’acheteur et le joueur actif seuls, jusqu’à la réponse. Une assurance acceptée est publique ; une demande refusée n’est jamais montrée, et personne d’autre ne peut savoir qui a demandé ou passé : tout le monde voit seulement qui peut acheter au marché, et les assurances acceptées.',
  },
  decisions: {
    title: 'Ce que Fireside décide là où les règles se taisent',
    p1: 'Le premier joueur pose l’ouragan ; la pose des maisons commence au deuxième joueur et fait le tour de la table ; le premier joueur joue le premier tour.',
    p2: 'Un plan nomme 1 à 3 actions différentes de la carte. Chaque action prévue est payée à la fin de l’action, même sans effet (un déplacement vers le sud depuis la rangée 1, un Achat impossible).',
    p3: 'L’Achat peut toujours être prévu. Quand il peut s’exécuter, l’action s’interrompt le temps que le joueur actif désigne la case (même s’il n’y a qu’un choix).',
    p4: 'Un pas vers le nord depuis la rangée du haut termine aussitôt la partie : le reste du plan ne s’exécute pas, et plus rien n’est payé ni gagné (le plan compris).',
    p5: 'Un déplacement qui ne fait aucun pas ne s’arrête nulle part : pas de gain d’observatoire. Le pas supplémentaire après une maison assurée se répète au plus une fois le tour du plateau.',
    p6: 'Le +3 exige que l’ouragan ait fait au moins un pas pendant l’action, qu’il ne soit entré dans aucune case avec une maison pendant toute l’action, et qu’il finisse sur terre.',
    p7: 'Marché : chaque autre joueur fait une seule demande (pour des maisons non assurées, dans la limite de ses pièces) ou passe ; un joueur qui ne peut rien acheter passe automatiquement. Le joueur actif accepte ou refuse chaque demande en bloc ; l’acheteur paie à l’acceptation.',
    p8: 'Le marché est minuté par l’horloge de la salle : {{s}} secondes au rythme normal, le double au rythme détendu, la moitié au rythme rapide (10 secondes au moins), sans limite sans horloge. Quand le temps d’un joueur est écoulé, un robot prend à sa place les décisions encore dues (demander ou passer, accepter ou refuser), d’après ce que ce joueur peut voir.',
    p9: 'Un joueur en faillite garde ses pièces mais se classe après tous les joueurs encore en jeu (plus il est sorti tard, mieux il est classé). Quand il ne reste qu’un joueur, la partie s’arrête aussitôt.',
  },
  board: {
    title: 'Sur cette table',
    p1: 'Les maisons ont la couleur de leur propriétaire ; une maison double est dessinée en deux maisons ; une étoile dorée marque une maison qui vaut 20 (plage ou double) ; un cadre blanc et un bouclier marquent une maison assurée. Les observatoires sont des coupoles blanches. Les secteurs grisés et hachurés sont hors jeu.',
    p2: 'Les cases que vous pouvez cliquer brillent en or. Pendant votre plan, sa route est dessinée sur le plateau : arrêts numérotés, croix rouges sur les maisons emportées, traits blancs pour les pas supplémentaires, points aux bords là où elle passe de l’autre côté. Les touches 1–5 choisissent les actions de la carte. Chaque action a aussi un bouton dans le panneau latéral.',
  },
};

export default fr;
