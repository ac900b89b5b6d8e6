/**
 * Gift Trap's rules page in French: loaded when the rules are first opened
 * (rules-lazy.ts), not with the table. Keys: `gifttrap.rules.<key>`. Same keys as rules-en.ts.
 */
import type { GiftTrapRulesTexts } from './rules-en.js';

const fr: GiftTrapRulesTexts = {
  title: 'Règles — Gift Trap',
  intro:
    'Fireside joue avec ces règles. Offrez à chacun le cadeau qui devrait lui plaire, puis dites quels cadeaux vous feraient plaisir : votre pion OFFRIR avance quand vos cadeaux plaisent, votre pion RECEVOIR quand vous recevez ce que vous souhaitiez. Les réglages de cette salle sont signalés.',
  close: 'Fermer',
  on: 'cette salle',
  default: 'par défaut',
  room: 'Cette salle : {{players}} joueurs, objectif {{goal}}, {{slots}} cadeaux disposés à chaque manche, un cadeau pour chacun des autres joueurs.',
  roomDouble:
    'Cette salle : {{players}} joueurs, objectif {{goal}}, cadeaux doubles : {{slots}} cadeaux disposés à chaque manche, deux cadeaux pour chacun des autres joueurs.',
  parts: {
    title: 'Joueurs et matériel',
    p1: '3 à 8 joueurs. Chacun a deux pions sur la piste de score, un pion OFFRIR et un pion RECEVOIR, tous deux sur 0 au départ.',
    goal: 'La piste s’arrête à l’objectif, choisi pour la salle :',
    p2: 'Les cadeaux se répartissent en quatre gammes, de la plus précieuse à la moins chère : noir (luxe) > bleu > rouge > jaune (bon marché). Chaque gamme a sa pioche.',
    p3: 'Chaque carte a deux faces : deux cadeaux différents de la même gamme. Les pioches sont mélangées au début de la partie ; une carte utilisée retourne sous sa pioche.',
  },
  round: {
    title: 'Une manche',
    layoutName: 'Mise en place.',
    layout:
      'Le parent de la manche choisit une gamme. Le premier parent est tiré au sort ; ensuite, le rôle passe au joueur suivant, à gauche. N+1 cartes de cette gamme (N = le nombre de joueurs) sont posées sur les emplacements 1 à N+1 ; le parent choisit la face visible de chaque carte, puis valide.',
    giveName: 'Offrir (tous en même temps, en secret).',
    give: 'Chaque joueur attribue un emplacement différent à chacun des autres joueurs. On peut modifier ses cadeaux jusqu’à ce que tout le monde ait validé.',
    wantName: 'Les vœux (tous en même temps, en secret).',
    want: 'Une fois tous les cadeaux offerts, chaque joueur pose ses jetons de vœu +3 (Génial), +2 (Bien), +1 (Bof) et −4 (Jamais) sur quatre emplacements différents. On peut les modifier jusqu’à ce que tout le monde ait validé.',
    revealName: 'Révélation.',
    reveal:
      'En commençant par le parent, puis en tournant vers la gauche, chaque joueur passe à son tour : ses quatre vœux deviennent publics, puis il ouvre un par un les cadeaux reçus, dans l’ordre de son choix.',
    valueName: 'Points.',
    value:
      'Un cadeau ouvert vaut le jeton de vœu que ce joueur a posé sur son emplacement, ou −1 s’il n’y en a posé aucun. Son pion RECEVOIR et le pion OFFRIR du joueur qui a offert le cadeau se déplacent tous deux de cette valeur (en arrière si elle est négative).',
    clampName: 'Limites.',
    clamp: 'Les pions restent entre 0 et l’objectif ({{goal}} dans cette salle). Un pion qui a atteint l’objectif ne bouge plus.',
    endName: 'Fin de manche.',
    end: 'Tous les joueurs dont les deux pions sont sur l’objectif gagnent (plusieurs joueurs peuvent partager la victoire). Sinon, les cartes retournent sous leur pioche et une nouvelle manche commence.',
  },
  double: {
    title: 'Variante : cadeaux doubles',
    item: 'Cadeaux doubles (seulement à 3 ou 4 joueurs)',
    p1: 'On dispose deux fois plus de cadeaux, 9 au plus : 8 emplacements à 3 joueurs, 9 à 4 joueurs.',
    p2: 'Chaque joueur offre deux emplacements différents à chacun des autres joueurs ; tous les emplacements offerts par un même joueur sont différents. Les jetons de vœu ne changent pas.',
    p3: 'À l’ouverture, vous choisissez de qui vient le cadeau suivant ; lequel des deux cadeaux de ce joueur apparaît est laissé au hasard.',
    off: 'Pas utilisée dans cette salle : un cadeau pour chaque joueur.',
    unavailable: 'Impossible à {{n}} joueurs.',
  },
  hidden: {
    title: 'Informations cachées',
    p1: 'Qui a offert quel cadeau à qui : seul celui qui l’offre le sait, jusqu’à ce que le destinataire l’ouvre. En attendant, tout le monde voit qu’un paquet fermé d’un joueur est posé devant un autre, et qui a déjà validé.',
    p2: 'Les vœux d’un joueur : lui seul les connaît, jusqu’à son tour de révélation.',
    p3: 'L’ordre des pioches : personne — le serveur ne l’envoie jamais.',
    p4: 'Tout le reste est public : la disposition, les pions et chaque cadeau une fois ouvert.',
  },
};

export default fr;
